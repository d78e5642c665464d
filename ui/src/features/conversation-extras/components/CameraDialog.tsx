import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { CameraIcon, RefreshIcon } from "../../../components/ui/icons";
import { Textarea } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { useSendMedia } from "../../tickets/queries";

const JPEG_QUALITY = 0.9;
const media = css({ w: "full", maxH: "60vh", objectFit: "contain", borderRadius: "sm", bg: "black" });

/**
 * Camera capture: a live preview of the camera, a photo taken from it, the photo with a caption (up to
 * 5 rows), sent as an image message. The camera is released when the dialog closes or a photo is taken.
 */
export function CameraDialog({ ticketId, open, onOpenChange }: { ticketId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [caption, setCaption] = useState("");
  const send = useSendMedia(ticketId);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  useEffect(() => {
    if (!open || photo) return;
    let live: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: true, audio: false })
      .then((s) => {
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        live = s;
        setStream(s);
      })
      .catch((err) => {
        console.error("camera unavailable", err);
        toast.error(t("extras.camera.permissionDenied"));
        onOpenChange(false);
      });
    return () => {
      cancelled = true;
      for (const track of live?.getTracks() ?? []) track.stop();
      setStream(null);
    };
  }, [open, photo, onOpenChange, t]);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    if (open) return;
    setPhoto(null);
    setCaption("");
  }, [open]);

  function capture() {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")!.drawImage(v, 0, 0);
    canvas.toBlob((blob) => blob && setPhoto(blob), "image/jpeg", JPEG_QUALITY);
  }

  async function submit() {
    if (!photo) return;
    try {
      const file = new File([photo], `photo-${Date.now()}.jpg`, { type: "image/jpeg" });
      await send.mutateAsync({ file, caption: caption.trim(), isPrivate: false });
      onOpenChange(false);
    } catch (err) {
      toastError(err);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="extras-camera-dialog">
        <Dialog.Title>{t("extras.camera.title")}</Dialog.Title>
        <div className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4" })}>
          {preview ? (
            <img src={preview} alt={t("extras.camera.preview")} data-testid="extras-camera-preview" className={media} />
          ) : (
            <video ref={video} autoPlay playsInline muted data-testid="extras-camera-video" className={media} />
          )}
          {preview ? (
            <FormField label={t("extras.camera.caption")}>
              <Textarea
                rows={2}
                value={caption}
                onChange={(e) => setCaption(e.target.value)}
                data-testid="extras-camera-caption"
                className={css({ maxH: "calc(5lh + 1rem)" })}
              />
            </FormField>
          ) : null}
          <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
            {preview ? (
              <>
                <Button variant="outline" onClick={() => setPhoto(null)} data-testid="extras-camera-retake">
                  <RefreshIcon size={16} />
                  {t("extras.camera.retake")}
                </Button>
                <Button onClick={() => void submit()} loading={send.isPending} data-testid="extras-camera-send">
                  {t("extras.send")}
                </Button>
              </>
            ) : (
              <Button onClick={capture} disabled={!stream} data-testid="extras-camera-capture">
                <CameraIcon size={16} />
                {t("extras.camera.capture")}
              </Button>
            )}
          </div>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
