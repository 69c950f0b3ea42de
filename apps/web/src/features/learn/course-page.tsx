import { BookOpen } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function CoursePage() {
  return (
    <NotOpenYetPage
      pageTitle="Learn"
      area="Courses"
      plural
      description="A course will list its lessons, your progress and its final exam."
      icon={BookOpen}
    />
  );
}
