import { ListChecks } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function QuizPage() {
  return (
    <NotOpenYetPage
      pageTitle="Learn"
      area="Quizzes"
      plural
      description="Each lesson's quiz will check what you learned before you move on."
      icon={ListChecks}
    />
  );
}
