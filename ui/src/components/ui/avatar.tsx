import { Avatar as ArkAvatar } from "@ark-ui/react/avatar";
import { avatar, type AvatarVariantProps } from "../../../styled-system/recipes";
import { createStyleContext } from "./style-context";

const { withProvider, withContext } = createStyleContext(avatar);

export const Root = withProvider(ArkAvatar.Root, "root");
export const Image = withContext(ArkAvatar.Image, "image");
export const Fallback = withContext(ArkAvatar.Fallback, "fallback");

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0])
    .join("");

export function Avatar({ name, src, ...variants }: { name: string; src?: string | null } & AvatarVariantProps) {
  return (
    <Root {...variants}>
      <Fallback>{initials(name)}</Fallback>
      {src ? <Image src={src} alt={name} /> : null}
    </Root>
  );
}
