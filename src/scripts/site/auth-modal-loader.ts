/**
 * The sign-in dialog on demand: no page loads React for it up front. The dialog (the React island
 * src/islands/accounts/AuthModal.tsx) is fetched and mounted the first time anything opens it — a button carrying
 * data-auth-open="signin|signup|forgot_password" (the header's 'Connexion') or an island calling openAuthModal() —
 * and fetched ahead as soon as a shopper shows the intent: pointer over, touch or keyboard focus on such a button,
 * so that it opens without a visible delay.
 */
import { $authModal, isAuthMode, isAuthPurpose, openAuthModal } from "../../stores/auth-modal";
import { playEarlyTaps } from "./early-taps";

let loading: Promise<typeof import("./auth-modal-mount")> | null = null;
const load = () => {
  loading ??= import("./auth-modal-mount");
  return loading;
};

const opener = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>("[data-auth-open]") : null;

document.addEventListener("click", (event) => {
  const button = opener(event.target);
  const wanted = button?.dataset.authOpen;
  // data-auth-purpose="order": the cart's « Se connecter pour commander » (the dialog offers « Commander sans compte »).
  const purpose = button?.dataset.authPurpose;
  if (isAuthMode(wanted)) openAuthModal(wanted, isAuthPurpose(purpose) ? purpose : undefined);
});
for (const intent of ["pointerover", "touchstart", "focusin"] as const) {
  document.addEventListener(
    intent,
    (event) => {
      if (opener(event.target)) void load();
    },
    { passive: true },
  );
}

let mounted = false;
$authModal.subscribe((state) => {
  if (state === "closed" || mounted) return;
  mounted = true;
  load()
    .then(({ mountAuthModal }) => mountAuthModal())
    .catch(() => {
      // Offline or a deploy replaced the file: the next attempt loads it again.
      mounted = false;
      loading = null;
    });
});

// A « Connexion » tapped before this module came (the head's inline script kept it).
playEarlyTaps("auth");
