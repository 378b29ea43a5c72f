import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import type { AdminSettings } from "../../../domain/settings/admin-settings";
import { saveSetting } from "../../ui/admin/admin-api";
import { useSave } from "../../ui/admin/hooks";
import { Badge, Detail, smallButton, type Tone } from "../../ui/admin/ui";
import { Notice } from "../../ui/fields";
import { FieldControl, type FieldSpec } from "./SettingField";

/** A card's declaration: how the stored value reads, and how it becomes a form and back (spec 2 "Settings tab"). */
export interface CardSpec<K extends keyof AdminSettings, F> {
  key: K;
  title: string;
  badge?: (value: AdminSettings[K]) => { tone: Tone; label: string };
  /**
   * A line above the values and the form (the PayPal sandbox warning); from the stored value or the form, and the
   * other settings of the tab where it depends on them (Colissimo's status needs the shop's address).
   */
  note?: (from: { stored: AdminSettings[K] } | { form: F }, settings: Partial<AdminSettings>) => ReactNode;
  /** The values shown, label and text; "Non configuré" where the text is empty. */
  details: (value: AdminSettings[K]) => ReadonlyArray<Row>;
  toForm: (value: AdminSettings[K]) => F;
  toValue: (form: F) => object;
  /** The form's inputs in order; a pair is laid out side by side. */
  fields: ReadonlyArray<
    FieldSpec<AdminSettings[K], F> | readonly [FieldSpec<AdminSettings[K], F>, FieldSpec<AdminSettings[K], F>]
  >;
}

export interface Row {
  label: string;
  text: ReactNode;
  /** An identifier (IBAN, client id): shown in the code font. */
  code?: boolean;
  wide?: boolean;
}

/** A stored value, or 'Non configuré' (in the body font, not the code font of identifiers). */
function shown({ text, code }: Row): ReactNode {
  if (text === "" || text === null || text === undefined)
    return <span className="text-ink-soft italic">Non configuré</span>;
  return code ? <span className="font-mono break-all">{text}</span> : text;
}

/**
 * One setting's card: its values, or its form after 'Modifier'. Saving sends PUT /api/admin/settings/{key};
 * a failure keeps the form open with the message (spec 8), the field messages next to the fields.
 */
export function SettingCard<K extends keyof AdminSettings, F>({
  spec,
  value,
  settings = {},
  onSaved,
}: {
  spec: CardSpec<K, F>;
  value: AdminSettings[K];
  /** Every setting of the tab, as last read or saved (for the notes that depend on another card). */
  settings?: Partial<AdminSettings>;
  onSaved: (value: AdminSettings[K]) => void;
}) {
  const [form, setForm] = useState<F | null>(null);
  const { saving, error, fields, clear, run } = useSave();
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const editing = form !== null;

  // Opening moves to the first field; closing gives the focus back to 'Modifier'.
  useLayoutEffect(() => {
    if (editing) body.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function cancel() {
    setForm(null);
    clear();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form || saving) return;
    await run(async () => {
      const row = await saveSetting(spec.key, spec.toValue(form));
      onSaved(row.setting_value as AdminSettings[K]);
      setForm(null);
    });
  }

  const badge = spec.badge?.(value);
  const rows = spec.details(value);
  const field = (decl: FieldSpec<AdminSettings[K], F>, current: F) =>
    decl.when && !decl.when(current) ? null : (
      <FieldControl
        key={decl.name}
        decl={decl}
        stored={value}
        form={current}
        error={fields[decl.name]}
        onValue={(next) => setForm((was) => (was ? { ...was, [decl.name]: next } : was))}
      />
    );

  return (
    <section
      id={`reglages-${spec.key}`}
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-serif text-xl font-semibold text-olive-900">
            {spec.title}
          </h3>
          {badge && <Badge tone={badge.tone}>{badge.label}</Badge>}
        </div>
        {!editing && (
          <button
            ref={editButton}
            type="button"
            className={smallButton}
            aria-label={`Modifier : ${spec.title}`}
            onClick={() => setForm(spec.toForm(value))}
          >
            Modifier
          </button>
        )}
      </div>
      <div ref={body}>
        {form === null ? (
          <div className="space-y-3">
            {spec.note?.({ stored: value }, settings)}
            {rows.length > 0 && (
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                {rows.map((row) => (
                  <Detail
                    key={row.label}
                    label={row.label}
                    className={row.wide ? "sm:col-span-2" : undefined}
                  >
                    {shown(row)}
                  </Detail>
                ))}
              </dl>
            )}
          </div>
        ) : (
          <form onSubmit={onSubmit} aria-labelledby={titleId} className="space-y-4">
            {error && <Notice kind="error">{error}</Notice>}
            {spec.note?.({ form }, settings)}
            {spec.fields.map((decl) =>
              "name" in decl ? (
                field(decl, form)
              ) : (
                <div key={decl[0].name} className="grid grid-cols-2 gap-4">
                  {decl.map((half) => field(half, form))}
                </div>
              ),
            )}
            <div className="flex flex-wrap gap-3 pt-1">
              <button type="submit" className="btn btn-primary px-6" disabled={saving}>
                {saving ? "Enregistrement..." : "Enregistrer"}
              </button>
              <button type="button" className="btn btn-secondary" onClick={cancel}>
                Annuler
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
