import { LayoutList } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function PostsPage() {
  return (
    <NotOpenYetPage
      pageTitle="Community posts"
      area="Community posts"
      plural
      description="Posts from every community will be listed here, a page at a time."
      icon={LayoutList}
    />
  );
}
