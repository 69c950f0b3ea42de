import { Tag } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function BlogTagPage() {
  return (
    <NotOpenYetPage
      pageTitle="Blog"
      area="The blog"
      description="Its articles will be listed by tag here."
      icon={Tag}
    />
  );
}
