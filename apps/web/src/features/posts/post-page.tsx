import { MessageSquare } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function PostPage() {
  return (
    <NotOpenYetPage
      pageTitle="Post"
      area="Post pages"
      plural
      description="A post will be shown here in full with its comments, replies and reactions."
      icon={MessageSquare}
    />
  );
}
