import { FolderOpen } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function BlogCategoryPage() {
  return (
    <NotOpenYetPage
      pageTitle="Blog"
      area="The blog"
      description="Its articles will be grouped by category here."
      icon={FolderOpen}
    />
  );
}
