#!/usr/bin/env node
"use strict";
/**
 * The AWS CLI's `cloudfront-keyvaluestore` commands over a JSON file (FAKE_KVS_FILE), for the tests of the publish's
 * product-page keys (infra/publish-build.ts productPageKeysProgram): list-keys (pages of MaxResults), describe (ETag),
 * update-keys (all-or-nothing, refused without the current ETag, at most 50 changes), as the API documents them.
 * Every call is appended to FAKE_KVS_FILE's `calls`. `moves` stands for another writer (a deploy): the next `moves`
 * update-keys calls each find the store changed just before them (a key written, a new ETag) and are refused.
 */
const { readFileSync, writeFileSync } = require("node:fs");
const file = process.env.FAKE_KVS_FILE;
const state = JSON.parse(readFileSync(file, "utf8"));
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
state.calls.push(args);
const save = () => writeFileSync(file, JSON.stringify(state));
const fail = (message) => {
  save();
  process.stderr.write(`${message}\n`);
  process.exit(254);
};
if (args[0] !== "cloudfront-keyvaluestore") fail(`unexpected service ${args[0]}`);
if (option("--kvs-arn") !== state.arn) fail("ResourceNotFoundException");
const command = args[1];
let output;
if (command === "describe-key-value-store") {
  output = { ETag: state.etag, ItemCount: Object.keys(state.keys).length };
} else if (command === "list-keys") {
  const keys = Object.keys(state.keys).sort();
  const start = Number(option("--next-token") ?? 0);
  const page = keys.slice(start, start + state.pageSize);
  output = {
    Items: page.map((key) => ({ Key: key, Value: state.keys[key] })),
    ...(start + state.pageSize < keys.length && { NextToken: String(start + state.pageSize) }),
  };
} else if (command === "update-keys") {
  const nextEtag = () => `etag-${Number(state.etag.split("-")[1]) + 1}`;
  if (state.moves > 0) {
    state.moves -= 1;
    state.keys[`deploy:write-${state.calls.length}`] = "1";
    state.etag = nextEtag();
  }
  if (option("--if-match") !== state.etag)
    fail(
      "An error occurred (ConflictException) when calling the UpdateKeys operation: the ETag is not the store's current one",
    );
  const puts = JSON.parse(option("--puts") ?? "[]");
  const deletes = JSON.parse(option("--deletes") ?? "[]");
  if (puts.length + deletes.length > 50) fail("ValidationException: too many keys in one request");
  for (const { Key, Value } of puts) state.keys[Key] = Value;
  for (const { Key } of deletes) delete state.keys[Key];
  state.etag = nextEtag();
  output = { ETag: state.etag, ItemCount: Object.keys(state.keys).length };
} else fail(`unexpected command ${command}`);
save();
process.stdout.write(JSON.stringify(output));
