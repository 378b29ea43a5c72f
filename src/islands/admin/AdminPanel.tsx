import { useStore } from "@nanostores/react";
import {
  type ComponentType,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { $session, startSession } from "../../stores/session";
import { checkAdmin } from "../ui/admin/admin-api";
import { AccessLostContext } from "../ui/admin/hooks";
import { Loading } from "../ui/admin/ui";
import { SessionFirstPaint } from "../ui/SessionFirstPaint";
import { StatsTab } from "./StatsTab";

/**
 * A tab whose code is fetched when it is first opened: the panel loads with Statistiques only. Meanwhile it
 * says what its own first screen says (`waiting`). Its code is asked for ahead when the pointer or the keyboard
 * reaches its tab (`prefetch`), so it is usually there by the click.
 */
function onDemand(waiting: string, load: () => Promise<ComponentType>) {
  return {
    Panel: lazy(() => load().then((Panel) => ({ default: Panel }))),
    prefetch: () => void load().catch(() => undefined),
    waiting,
  };
}

/** The tabs (spec 2 "Admin", « Avis » and « Réductions »), Statistiques first and by default; the hash keeps the one open on reload. */
const TABS = [
  {
    id: "statistiques",
    label: "Statistiques",
    Panel: StatsTab,
    prefetch: () => undefined,
    waiting: "Chargement des statistiques...",
  },
  {
    id: "utilisateurs",
    label: "Utilisateurs",
    ...onDemand("Chargement des utilisateurs...", () =>
      import("../accounts/admin/UsersTab").then((m) => m.UsersTab),
    ),
  },
  {
    id: "produits",
    label: "Produits",
    ...onDemand("Chargement des produits...", () =>
      import("../catalog/admin/ProductsTab").then((m) => m.ProductsTab),
    ),
  },
  {
    id: "commandes",
    label: "Commandes",
    ...onDemand("Chargement des commandes...", () =>
      import("../orders/admin/OrdersTab").then((m) => m.OrdersTab),
    ),
  },
  {
    id: "avis",
    label: "Avis",
    ...onDemand("Chargement des avis...", () =>
      import("../reviews/admin/ReviewsTab").then((m) => m.ReviewsTab),
    ),
  },
  {
    id: "codes-promo",
    label: "Codes Promo",
    ...onDemand("Chargement des codes promo...", () =>
      import("../promos/admin/PromosTab").then((m) => m.PromosTab),
    ),
  },
  {
    id: "reductions",
    label: "Réductions",
    ...onDemand("Chargement des réductions...", () =>
      import("../reductions/admin/ReductionsTab").then((m) => m.ReductionsTab),
    ),
  },
  {
    id: "parametres",
    label: "Paramètres",
    ...onDemand("Chargement des paramètres...", () =>
      import("../settings/admin/SettingsTab").then((m) => m.SettingsTab),
    ),
  },
] as const;
type TabId = (typeof TABS)[number]["id"];

/** `#parametres` opens a tab; `#parametres/company_info` also brings that card into view (the setup checklist). */
function tabFromHash(): TabId {
  const [hash] = window.location.hash.slice(1).split("/");
  return TABS.find((tab) => tab.id === hash)?.id ?? "statistiques";
}

/**
 * /admin: checks the caller is an admin (GET /api/admin/check, again whenever the signed-in user changes; any
 * failure means no), then shows the dashboard's tabs. The server guards every admin call whatever this shows.
 */
export default function AdminPanel() {
  const session = useStore($session, { ssr: "initial" });
  const userId = session.user?.id ?? null;
  const [check, setCheck] = useState<{ userId: string; isAdmin: boolean } | null>(null);

  useEffect(() => {
    void startSession();
  }, []);

  useEffect(() => {
    if (!userId) {
      setCheck(null);
      return;
    }
    const controller = new AbortController();
    setCheck(null);
    checkAdmin(controller.signal)
      .then((isAdmin) => setCheck({ userId, isAdmin }))
      .catch(() => {
        if (!controller.signal.aborted) setCheck({ userId, isAdmin: false });
      });
    return () => controller.abort();
  }, [userId]);

  const accessLost = useCallback(() => {
    if (userId) setCheck({ userId, isAdmin: false });
  }, [userId]);

  // Signed out, SessionFirstPaint shows « Accès Refusé » with « Se connecter ».
  let access: "checking" | "denied" | "granted";
  if (!userId || check?.userId !== userId) access = "checking";
  else access = check.isAdmin ? "granted" : "denied";

  return (
    <SessionFirstPaint status={session.status} signedOut={<AccessDenied signedOut />}>
      {access === "checking" ? (
        <Frame>
          {/* The page's heading once the session is known; until then the markup's one <h1> is
              « Accès Refusé », the visitor's screen, which the HTML checker wants alone. */}
          {session.status === "signed-in" && <h1 className="sr-only">Administration</h1>}
          <p role="status" className="py-16 text-center text-lg text-ink-soft">
            Vérification des permissions...
          </p>
        </Frame>
      ) : access === "denied" ? (
        <AccessDenied signedOut={false} />
      ) : (
        <AccessLostContext.Provider value={accessLost}>
          <Frame>
            <p className="text-sm font-semibold tracking-wide text-crust-800 uppercase">Administration</p>
            <h1 className="font-serif text-3xl font-semibold text-olive-900 sm:text-4xl">Tableau de bord</h1>
            <Tabs />
          </Frame>
        </AccessLostContext.Provider>
      )}
    </SessionFirstPaint>
  );
}

/**
 * « Accès Refusé », with « Se connecter » for a visitor (her screen from the first paint: SessionFirstPaint). The button
 * is the site's « Connexion » (data-auth-open, answered by auth-modal-loader.ts): a tap before the island hydrates is
 * kept (page-boot.js).
 */
function AccessDenied({ signedOut }: { signedOut: boolean }) {
  return (
    <Frame>
      <section className="mx-auto max-w-xl rounded-2xl border border-cream-300 bg-white p-8 text-center shadow-sm">
        <h1 className="font-serif text-3xl font-semibold text-olive-900">Accès Refusé</h1>
        <p className="mt-3 text-ink-soft">
          Vous n'avez pas les permissions nécessaires pour accéder au panneau d'administration.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href="/" className="btn btn-primary px-6">
            Retour à l'accueil
          </a>
          {signedOut && (
            <button type="button" className="btn btn-secondary px-6" data-auth-open="signin">
              Se connecter
            </button>
          )}
        </div>
      </section>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>;
}

/** WAI-ARIA tabs: arrows, Home and End move between tabs (automatic activation); Tab goes into the panel. */
function Tabs() {
  const [selected, setSelected] = useState<TabId>("statistiques");
  const buttons = useRef(new Map<TabId, HTMLButtonElement>());
  const baseId = useId();
  const shown = useRef(selected);
  shown.current = selected;

  useEffect(() => {
    setSelected(tabFromHash());
    const onHash = () => {
      const id = tabFromHash();
      // A link of a panel to another tab (the to-do list's) goes with the panel it was in: focus the new tab.
      if (id !== shown.current && document.activeElement?.closest("[data-admin-panel]"))
        buttons.current.get(id)?.focus();
      setSelected(id);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  // On narrow screens the tab list scrolls: keep the open tab in sight.
  useEffect(() => {
    buttons.current.get(selected)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [selected]);

  function select(id: TabId, focus = false) {
    setSelected(id);
    window.history.replaceState(null, "", id === "statistiques" ? window.location.pathname : `#${id}`);
    if (focus) buttons.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.id === selected);
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (index + 1) % TABS.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = TABS.length - 1;
    const tab = next === null ? undefined : TABS[next];
    if (!tab) return;
    event.preventDefault();
    select(tab.id, true);
  }

  const current = TABS.find((tab) => tab.id === selected) ?? TABS[0];
  const Panel = current.Panel;
  return (
    <div className="mt-6">
      <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <div
          role="tablist"
          aria-label="Sections du tableau de bord"
          onKeyDown={onKeyDown}
          className="flex min-w-max gap-1 border-b border-cream-300"
        >
          {TABS.map((tab) => {
            const active = tab.id === selected;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  if (element) buttons.current.set(tab.id, element);
                  else buttons.current.delete(tab.id);
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${tab.id}`}
                aria-selected={active}
                aria-controls={`${baseId}-panel-${tab.id}`}
                tabIndex={active ? 0 : -1}
                onClick={() => select(tab.id)}
                onPointerEnter={tab.prefetch}
                onFocus={tab.prefetch}
                className={`-mb-px rounded-t-lg border-b-[3px] px-4 py-3 font-semibold whitespace-nowrap transition-colors ${
                  active
                    ? "border-olive-700 bg-white text-olive-900"
                    : "border-transparent text-ink-soft hover:bg-olive-50 hover:text-olive-800"
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${current.id}`}
        aria-labelledby={`${baseId}-tab-${current.id}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: Tab moves from the tab into its panel
        tabIndex={0}
        data-admin-panel
        className="pt-8"
      >
        <Suspense fallback={<Loading>{current.waiting}</Loading>}>
          <Panel key={current.id} />
        </Suspense>
      </div>
    </div>
  );
}
