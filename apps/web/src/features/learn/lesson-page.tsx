import { BookOpenText } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function LessonPage() {
  return (
    <NotOpenYetPage
      pageTitle="Learn"
      area="Lessons"
      plural
      description="Each lesson of a course will be read here, followed by its quiz."
      icon={BookOpenText}
    />
  );
}
