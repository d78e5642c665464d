import { recipes, slotRecipes } from "./recipes";
import { semanticTokens, tokens } from "./tokens";

export const keyframes = {
  spin: { to: { transform: "rotate(360deg)" } },
  fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
  fadeOut: { from: { opacity: 1 }, to: { opacity: 0 } },
  slideInLeft: { from: { transform: "translateX(-100%)" }, to: { transform: "translateX(0)" } },
  slideOutLeft: { from: { transform: "translateX(0)" }, to: { transform: "translateX(-100%)" } },
  slideInRight: { from: { transform: "translateX(100%)" }, to: { transform: "translateX(0)" } },
  slideOutRight: { from: { transform: "translateX(0)" }, to: { transform: "translateX(100%)" } },
};

export const theme = { tokens, semanticTokens, recipes, slotRecipes, keyframes };
