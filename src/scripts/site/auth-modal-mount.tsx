/** Mounts the sign-in dialog island once, at the end of <body> (loaded on demand by auth-modal-loader.ts). */
import { createRoot } from "react-dom/client";
import AuthModal from "../../islands/accounts/AuthModal";

let root: ReturnType<typeof createRoot> | null = null;

export function mountAuthModal(): void {
  if (root) return;
  const host = document.createElement("div");
  host.dataset.authModalRoot = "";
  document.body.append(host);
  root = createRoot(host);
  root.render(<AuthModal />);
}
