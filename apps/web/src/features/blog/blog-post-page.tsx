import { FileText } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function BlogPostPage() {
  return (
    <NotOpenYetPage
      pageTitle="Blog"
      area="The blog"
      description="Articles on spotting rugs, vetting KOLs and keeping your wallet safe will be published here."
      icon={FileText}
    />
  );
}
