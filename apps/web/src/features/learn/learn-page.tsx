import { GraduationCap } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function LearnPage() {
  return (
    <NotOpenYetPage
      pageTitle="Learn"
      area="Learn"
      description="It will hold courses on crypto safety and research, with lessons, quizzes and exams."
      icon={GraduationCap}
    />
  );
}
