import { ZoomIn, ZoomOut } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Button } from "./ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "./ui/dialog.tsx";

/** The shapes a member crops to, and the largest picture each becomes (a smaller source keeps its own size). */
export const CROP_SHAPES = {
  avatar: { aspect: 1, width: 512, height: 512, round: true },
  banner: { aspect: 3, width: 1500, height: 500, round: false },
} as const;
export type TCropShape = keyof typeof CROP_SHAPES;

const MAX_ZOOM = 4;

/** Draws the chosen area of `image` at most `shape`'s size and encodes it (WebP where the browser can, else PNG). */
async function cropToBlob(image: HTMLImageElement, area: Area, shape: TCropShape): Promise<Blob> {
  const { width, height } = CROP_SHAPES[shape];
  const scale = Math.min(1, width / area.width, height / area.height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot crop pictures");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.9));
  if (!blob) throw new Error("This browser cannot crop pictures");
  return blob;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The picture could not be read"));
    image.src = src;
  });
}

/** A cropped picture ready to send: its bytes as a File named for its type, and an object URL to preview it. */
export type TCroppedImage = { file: File; url: string };

/**
 * The crop step before a picture is used: the picked file in a frame of the shape's aspect (round for an avatar),
 * moved by dragging, arrow keys or touch and zoomed by the slider, the wheel or a pinch. Apply hands over the cropped
 * picture; nothing is sent from here.
 */
export function ImageCropDialog({
  file,
  shape,
  onCancel,
  onApply,
}: {
  /** The picked file; the dialog is open while there is one. */
  file: File | null;
  shape: TCropShape;
  onCancel: () => void;
  onApply: (cropped: TCroppedImage) => void;
}) {
  const source = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  // Apply waits for the picture itself: a file that cannot be drawn has nothing to crop.
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A new file starts centred and unzoomed.
  useEffect(() => {
    if (!file) return;
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setLoaded(false);
    setError(null);
  }, [file]);

  const { aspect, round } = CROP_SHAPES[shape];
  const apply = async () => {
    if (!source || !area || !file || !loaded) return;
    setBusy(true);
    try {
      const blob = await cropToBlob(await loadImage(source), area, shape);
      const ext = blob.type === "image/webp" ? "webp" : "png";
      const stem = file.name.replace(/\.[^.]*$/, "") || shape;
      const cropped = new File([blob], `${stem}.${ext}`, { type: blob.type });
      onApply({ file: cropped, url: URL.createObjectURL(cropped) });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={file !== null} onOpenChange={(open) => (open || busy ? null : onCancel())}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{shape === "avatar" ? "Crop your avatar" : "Crop your banner"}</DialogTitle>
        <DialogDescription>
          Drag the picture (or use the arrow keys) to place it, and zoom to frame it.
        </DialogDescription>
        <div
          className={`relative mt-4 w-full overflow-hidden rounded-xl bg-black ${shape === "avatar" ? "aspect-square max-h-[55dvh]" : "aspect-[16/9] max-h-[55dvh]"}`}
        >
          {source ? (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              maxZoom={MAX_ZOOM}
              aspect={aspect}
              cropShape={round ? "round" : "rect"}
              showGrid={!round}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={() => {
                setError(null);
                setLoaded(true);
              }}
              mediaProps={{
                alt: "The picture being cropped",
                onError: () => {
                  setLoaded(false);
                  setError("This picture could not be read. Try another file.");
                },
              }}
              cropperProps={{ "aria-label": "Crop area: drag or use the arrow keys to move the picture" }}
            />
          ) : null}
        </div>
        <label className="mt-4 flex items-center gap-3 text-sm">
          <ZoomOut className="size-4 shrink-0 text-muted" aria-hidden />
          <span className="sr-only">Zoom</span>
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="w-full accent-[var(--accent)]"
          />
          <ZoomIn className="size-4 shrink-0 text-muted" aria-hidden />
        </label>
        {error ? (
          <p role="alert" className="mt-2 text-sm font-medium text-rug">
            {error}
          </p>
        ) : null}
        <DialogFooter className="mt-5">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => void apply()}
            busy={busy}
            busyLabel="Cropping..."
            disabled={!area || !loaded}
          >
            Apply
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
