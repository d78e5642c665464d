import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/ui/button";
import { CheckIcon, GlobeIcon } from "../../../components/ui/icons";
import * as Menu from "../../../components/ui/menu";
import { changeLanguage, isLanguage, LANGUAGES } from "../../../i18n";

/** pt / en / es picker; the choice is remembered in localStorage. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Menu.Frame
      trigger={
        <IconButton aria-label={t("shell.language")} data-testid="language-menu">
          <GlobeIcon />
        </IconButton>
      }
    >
      <Menu.RadioItemGroup value={i18n.language} onValueChange={(d) => isLanguage(d.value) && void changeLanguage(d.value)}>
        {LANGUAGES.map((l) => (
          <Menu.RadioItem key={l} value={l} data-testid={`language-${l}`}>
            <Menu.ItemText>{t(`languages.${l}`)}</Menu.ItemText>
            <Menu.ItemIndicator>
              <CheckIcon />
            </Menu.ItemIndicator>
          </Menu.RadioItem>
        ))}
      </Menu.RadioItemGroup>
    </Menu.Frame>
  );
}
