import { describe, expect, it } from "vitest";
import { escapeHtml, html } from "./safe-html";

describe("html", () => {
  it("escapes every value put into it", () => {
    const carrier = '<img src=x onerror=alert(1)>"';
    expect(html`<strong>${carrier}</strong>`.value).toBe(
      "<strong>&lt;img src=x onerror=alert(1)&gt;&quot;</strong>",
    );
    expect(html`<a href="mailto:${'x" onmouseover="alert(1)'}">`.value).toBe(
      '<a href="mailto:x&quot; onmouseover=&quot;alert(1)">',
    );
  });

  it("keeps fragments it built itself, and drops nothing else", () => {
    const link = html`<a href="mailto:${"a@b.fr"}">${"a@b.fr"}</a>`;
    expect(html`<p>Écrivez à ${link}${""}${null}${[html`<br>`, "<x>"]} ${0}</p>`.value).toBe(
      '<p>Écrivez à <a href="mailto:a@b.fr">a@b.fr</a><br>&lt;x&gt; 0</p>',
    );
    expect(escapeHtml("l'été & <b>")).toBe("l&#39;été &amp; &lt;b&gt;");
  });
});
