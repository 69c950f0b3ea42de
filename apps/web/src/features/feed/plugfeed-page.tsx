import { MessagesSquare } from "lucide-react";
import { NotOpenYetPage } from "../../components/not-open-yet-page.tsx";

export default function PlugFeedPage() {
  return (
    <NotOpenYetPage
      pageTitle="PlugFeed"
      area="PlugFeed"
      description="It will be the community's live feed: posts with images, video and GIFs, comments, likes and reactions, newest or most popular first."
      icon={MessagesSquare}
    />
  );
}
