/**
 * Comments say why, not when: an issue number ages into a reference nobody can follow from the code, so no source
 * comment cites one. Only comment text is read, never code or the strings shown to shoppers: TypeScript's parser finds
 * the comments of scripts and of an .astro file's frontmatter and scripts; its markup's and CSS's are matched.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** The folders scanned: every source folder. */
const SCANNED_FOLDERS = ["src", "functions", "infra", "scripts"];

const ISSUE = /\bissues? #?\d+/i;
const root = resolve(import.meta.dirname, "..", "..");

function sources(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|mjs|js|astro|css|java)$/.test(file))
    .filter((file) => !/(^|\/)node_modules\//.test(file) && !/\.test\.tsx?$|\.d\.ts$/.test(file))
    .map((file) => join(directory, file));
}

/** A comment's text and the offset where it starts in its file. */
type Comment = { start: number; text: string };

/** The comments of a script, found by TypeScript's parser (so a `//` in a string or a regex is not one). */
function scriptComments(text: string, offset: number, kind: ts.ScriptKind): Comment[] {
  const file = ts.createSourceFile("file", text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, Comment>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const { pos, end } of ranges ?? [])
      found.set(pos, { start: offset + pos, text: text.slice(pos, end) });
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    // JSX children are not trivia: a {/* … */} child is an empty expression whose braces hold the comment.
    if (ts.isJsxExpression(node) && !node.expression) collect(ts.getLeadingCommentRanges(text, node.pos + 1));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...found.values()].sort((a, b) => a.start - b.start);
}

function matches(text: string, pattern: RegExp, offset = 0): Comment[] {
  return [...text.matchAll(pattern)].map((match) => ({ start: offset + (match.index ?? 0), text: match[0] }));
}

/** An .astro file: the frontmatter and the <script> bodies are scripts; the rest is markup with its own comments. */
function astroComments(text: string): Comment[] {
  const comments: Comment[] = [];
  let markup = text;
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text);
  if (frontmatter?.[1] !== undefined) {
    comments.push(...scriptComments(frontmatter[1], 4, ts.ScriptKind.TS));
    markup = " ".repeat(frontmatter[0].length) + text.slice(frontmatter[0].length);
  }
  for (const script of markup.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
    const start = (script.index ?? 0) + (script[1] ?? "").length;
    comments.push(...scriptComments(script[2] ?? "", start, ts.ScriptKind.TS));
    markup =
      markup.slice(0, start) +
      " ".repeat((script[2] ?? "").length) +
      markup.slice(start + (script[2] ?? "").length);
  }
  return [...comments, ...matches(markup, /<!--[\s\S]*?-->|\/\*[\s\S]*?\*\/|^[ \t]*\/\/[^\n]*/gm)];
}

function comments(file: string, text: string): Comment[] {
  if (file.endsWith(".astro")) return astroComments(text);
  if (file.endsWith(".css")) return matches(text, /\/\*[\s\S]*?\*\//g);
  if (file.endsWith(".java")) return matches(text, /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g);
  const kind = file.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : file.endsWith(".ts")
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  return scriptComments(text, 0, kind);
}

/** Comments with only blank space between them (a run of `//` lines) read as one, so a citation may span lines. */
function merged(text: string, found: Comment[]): Comment[] {
  const runs: Comment[] = [];
  for (const comment of found) {
    const last = runs.at(-1);
    const gap = last ? text.slice(last.start + last.text.length, comment.start) : "x";
    if (last && /^\s*$/.test(gap)) last.text += gap + comment.text;
    else runs.push({ ...comment });
  }
  return runs;
}

/** Each citation of an issue, as « file:line: the comment's line », its line where it starts. */
function issueCitations(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return merged(text, comments(file, text)).flatMap(({ start, text: comment }) => {
    const lines = comment.split("\n");
    // Each line without its margin (` * `, `//`), joined by a space: « issue » may end one line and its number open the next.
    const bare = lines.map((line) => line.replace(/^\s*(\*(?!\/)|\/\/)?\s*/, ""));
    const joined = bare.join(" ");
    const offsets = bare.map((_, index) => bare.slice(0, index).join(" ").length + (index > 0 ? 1 : 0));
    const first = text.slice(0, start).split("\n").length;
    return [...joined.matchAll(new RegExp(ISSUE, "gi"))].map(({ index = 0 }) => {
      const line = offsets.findLastIndex((offset) => offset <= index);
      return `${relative(root, file)}:${first + line}: ${(lines[line] ?? "").trim()}`;
    });
  });
}

describe("source comments", () => {
  it.each(SCANNED_FOLDERS)("in %s cite no issue number", (folder) => {
    const files = sources(join(root, folder));
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap(issueCitations)).toEqual([]);
  });

  it("are told apart from code and strings", () => {
    const code = [
      'const issue = "issue 12"; // a note',
      "const pattern = /issue 3/; /* issue 4 */",
      "const view = <p title={`issue 5`}>issue 6 {/* issue 7 */}</p>;",
    ].join("\n");
    expect(scriptComments(code, 0, ts.ScriptKind.TSX).map(({ text }) => text)).toEqual([
      "// a note",
      "/* issue 4 */",
      "/* issue 7 */",
    ]);
  });
});
