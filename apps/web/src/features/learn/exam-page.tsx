import { ClipboardCheck } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function ExamPage() {
  return (
    <NotOpenYetPage
      pageTitle="Learn"
      area="Exams"
      plural
      description="A course's final exam will be taken here once you finish its lessons."
      icon={ClipboardCheck}
    />
  );
}
