import { M_ACCOUNT } from "@plugs/domain";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { exportMyData } from "./api.ts";
import { messageOf } from "./error-message.ts";

/** Saves `data` as a JSON file named `name` through a temporary link. */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Download my data": the profile, posts, comments, reactions, points and reports as one JSON file. */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const data = await exportMyData();
      saveJson(data, `plugs-and-rugs-${String(data.profile.username)}-${data.exportedAt.slice(0, 10)}.json`);
      toast.success(M_ACCOUNT.exportReady);
    } catch (err) {
      toast.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="max-w-prose text-sm text-muted">
        A JSON file with your profile, posts, comments, reactions, points history and reports.
      </p>
      <Button variant="secondary" busy={busy} busyLabel="Preparing..." onClick={download}>
        <Download aria-hidden /> Download my data
      </Button>
    </div>
  );
}
