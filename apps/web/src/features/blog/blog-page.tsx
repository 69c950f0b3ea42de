import { Newspaper } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function BlogPage() {
  return (
    <NotOpenYetPage
      pageTitle="Blog"
      area="The blog"
      description="It will carry articles on spotting rugs, vetting KOLs and keeping your wallet safe."
      icon={Newspaper}
    />
  );
}
