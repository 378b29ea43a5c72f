import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { openAuthModal } from "../../stores/auth-modal";
import { $isAdmin, $session, startSession } from "../../stores/session";

/**
 * The account entries of the mobile menu (spec 2): 'Connexion' on small screens when signed out, and the
 * 'Admin' link for admins. The user menu itself stays in the header bar.
 */
export default function MobileAccountLinks() {
  const session = useStore($session, { ssr: "initial" });
  const isAdmin = useStore($isAdmin, { ssr: "initial" });
  useEffect(() => {
    void startSession();
  }, []);

  if (session.status === "signed-out") {
    return (
      <div className="px-3 pt-2 pb-1 sm:hidden">
        <button type="button" onClick={() => openAuthModal("signin")} className="btn btn-primary w-full">
          Connexion
        </button>
      </div>
    );
  }
  if (!isAdmin) return null;
  return (
    <a href="/admin" className="block rounded-lg px-3 py-3 font-medium text-ink hover:bg-olive-50">
      Admin
    </a>
  );
}
