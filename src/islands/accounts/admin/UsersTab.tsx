import { useState } from "react";
import type { SessionUser } from "../../../domain/accounts/account";
import { addressLines } from "../../../domain/accounts/address-forms";
import { displayPhone } from "../../../domain/accounts/phone";
import { formatDate } from "../../../domain/admin/admin-format";
import { errorMessage } from "../../../lib/api-client";
import {
  fetchUserDetails,
  fetchUsers,
  liftMailSuppression,
  type MailSuppression,
  type UserDetails,
} from "../../ui/admin/admin-api";
import { DataTable } from "../../ui/admin/DataTable";
import { CloseRow, Dialog } from "../../ui/admin/dialogs";
import { useAccessGuard, usePaged } from "../../ui/admin/hooks";
import {
  Badge,
  Detail,
  Empty,
  LoadError,
  Loading,
  LoadMore,
  smallButton,
  TabHeader,
} from "../../ui/admin/ui";

const PAGE_SIZE = 25;

/** Customers, newest first, page by page; 'Détails' opens the profile and addresses (spec 2 "Users tab"). */
export function UsersTab() {
  const users = usePaged((cursor, signal) => fetchUsers(PAGE_SIZE, cursor, signal));
  const [details, setDetails] = useState<UserDetails | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const guard = useAccessGuard();

  async function openDetails(user: SessionUser) {
    if (loadingId) return;
    setLoadingId(user.id);
    setError(null);
    try {
      setDetails(await fetchUserDetails(user.id));
    } catch (failure) {
      if (!guard(failure))
        setError(
          `Erreur lors du chargement des détails utilisateur: ${errorMessage(failure, "Network error")}`,
        );
    } finally {
      setLoadingId(null);
    }
  }

  return (
    <div>
      <TabHeader title="Utilisateurs">
        {users.state.status === "ready" &&
          `${users.items.length} affiché${users.items.length > 1 ? "s" : ""}`}
      </TabHeader>
      {error && (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-alert/30 bg-red-50 px-4 py-3 text-sm font-medium text-alert"
        >
          {error}
        </p>
      )}
      {users.state.status === "loading" && <Loading>Chargement des utilisateurs...</Loading>}
      {users.state.status === "error" && <LoadError message={users.state.message} onRetry={users.reload} />}
      {users.state.status === "ready" && users.items.length === 0 && <Empty>Aucun utilisateur trouvé</Empty>}
      {users.state.status === "ready" && users.items.length > 0 && (
        <DataTable
          look="tab"
          minWidth="min-w-[44rem]"
          columns={[
            "Nom",
            "E-mail",
            "Téléphone",
            "Inscrit le",
            <span key="actions" className="sr-only">
              Actions
            </span>,
          ]}
        >
          {users.items.map((user) => (
            <tr key={user.id}>
              <td className="px-4 py-3 font-semibold text-ink">
                <span className="flex flex-wrap items-center gap-2">
                  {user.full_name || "—"}
                  {user.is_admin && <Badge tone="info">Admin</Badge>}
                </span>
              </td>
              <td className="px-4 py-3 break-all">{user.email}</td>
              <td className="px-4 py-3 whitespace-nowrap">{user.phone ? displayPhone(user.phone) : "—"}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.created_at)}</td>
              <td className="px-4 py-3 text-right">
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => openDetails(user)}
                  aria-busy={loadingId === user.id}
                  aria-label={`Détails de ${user.full_name || user.email}`}
                >
                  {loadingId === user.id ? "Chargement..." : "Détails"}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore
        hasMore={users.hasMore}
        loading={users.loadingMore}
        error={users.moreError}
        onMore={users.loadMore}
      />
      {details && (
        <UserDetailsDialog
          user={details}
          onClose={() => setDetails(null)}
          onLifted={() => setDetails({ ...details, mail_suppression: null })}
        />
      )}
    </div>
  );
}

/** What SES said of the address, in the owner's words. */
export const SUPPRESSION_LABELS: Record<MailSuppression["reason"], string> = {
  bounce: "Adresse e-mail refusée (rebond)",
  complaint: "Plainte",
};

function UserDetailsDialog({
  user,
  onClose,
  onLifted,
}: {
  user: UserDetails;
  onClose: () => void;
  onLifted: () => void;
}) {
  return (
    <Dialog title={user.full_name || user.email} onClose={onClose} wide>
      <section aria-labelledby="user-profile-title">
        <h3 id="user-profile-title" className="text-lg font-semibold text-olive-900">
          Profil
        </h3>
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Detail label="Nom complet">{user.full_name || "—"}</Detail>
          <Detail label="E-mail">{user.email}</Detail>
          <Detail label="Téléphone">{user.phone ? displayPhone(user.phone) : "—"}</Detail>
          <Detail label="Inscrit le">{formatDate(user.created_at)}</Detail>
          <Detail label="Rôle">{user.is_admin ? <Badge tone="info">Admin</Badge> : "Client"}</Detail>
        </dl>
        {user.mail_suppression && (
          <MailRefused userId={user.id} suppression={user.mail_suppression} onLifted={onLifted} />
        )}
      </section>
      <section aria-labelledby="user-addresses-title" className="mt-6">
        <h3 id="user-addresses-title" className="text-lg font-semibold text-olive-900">
          Adresses ({user.addresses.length})
        </h3>
        {user.addresses.length === 0 ? (
          <p className="mt-2 text-ink-soft">Aucune adresse enregistrée.</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {user.addresses.map((address) => (
              <li key={address.id} className="rounded-xl border border-cream-300 bg-white p-4 text-sm">
                {address.is_default && (
                  <p className="mb-2">
                    <Badge tone="success">Par défaut</Badge>
                  </p>
                )}
                {addressLines(address).map((line) => (
                  <p key={line.key} className={line.key === "name" ? "font-semibold" : undefined}>
                    {line.text}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>
      <CloseRow onClose={onClose} />
    </Dialog>
  );
}

/**
 * SES refused the address (a permanent bounce, or the customer marked a mail as spam): the shop sends her nothing
 * until the owner lifts it, once the customer gave a working address or asked to hear from the shop again.
 */
function MailRefused({
  userId,
  suppression,
  onLifted,
}: {
  userId: string;
  suppression: MailSuppression;
  onLifted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function lift() {
    setBusy(true);
    setError(null);
    try {
      await liftMailSuppression(userId);
      onLifted();
    } catch (failure) {
      setError(`Impossible de réautoriser les e-mails : ${errorMessage(failure, "erreur réseau")}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-4 rounded-xl border border-red-600 bg-red-50 p-4 text-sm" data-mail-refused>
      <p className="font-semibold text-red-900">
        {SUPPRESSION_LABELS[suppression.reason]} le {formatDate(suppression.at)}
      </p>
      <p className="mt-1 text-ink">
        {suppression.reason === "bounce"
          ? "Cette adresse n'existe pas ou n'accepte plus de messages : la boutique ne lui écrit plus (ni confirmation de commande, ni relance)."
          : "Cette cliente a signalé un e-mail de la boutique comme indésirable : la boutique ne lui écrit plus."}
      </p>
      <button type="button" className={`${smallButton} mt-3`} disabled={busy} onClick={lift}>
        {busy ? "Enregistrement..." : "Réautoriser les e-mails"}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-alert">
          {error}
        </p>
      )}
    </div>
  );
}
