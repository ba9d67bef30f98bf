/**
 * The public list's recent versions, so that a screen holding one is sent what changed since
 * (`GET /project/list/public/changes`, docs/api-extensions.md) instead of the whole list: a
 * thousand expo screens refetching ~540 kB after every change was the event day's bulk load.
 *
 * A version is named by its revision, the hash of its JSON (the ETag of `GET /project/list/public`),
 * so a name means the same list on every instance and across restarts; an instance bridges only
 * from the versions it built itself and answers the whole list for any other. Each answer is
 * serialised once per pair of versions and shared by every screen that asks it.
 */
import type { ProjectSummary } from '@podium/protocol';
import { SerializedJson } from './serialized-json.js';

/**
 * Versions kept per instance. The public list changes when the admin edits projects, a few times
 * a minute at most; a screen asks within seconds of each change (and polls every 30 s), so it
 * is rarely more than a couple of versions behind. Unchanged entries share their JSON text across
 * versions, so each kept version costs its ids and pointers, not its text.
 */
const KEPT_VERSIONS = 64;

export class PublicListVersion {
  /** The body of `GET /project/list/public`. */
  readonly json: SerializedJson;
  /** The hash of `json`: its ETag without the quotes. */
  readonly revision: string;
  /** Each project's JSON text by id, in the list's order. */
  private readonly entries: ReadonlyMap<string, string>;
  private whole: SerializedJson | undefined;
  /** The answers to screens holding an earlier version, by that version's revision. */
  private readonly since = new Map<string, SerializedJson>();

  constructor(
    readonly projects: readonly ProjectSummary[],
    entries: ReadonlyMap<string, string>,
  ) {
    this.entries = entries;
    this.json = SerializedJson.ofText(`[${[...entries.values()].join(',')}]`);
    this.revision = this.json.etag().slice(1, -1);
  }

  /** The JSON text of a project of this version (shared with the next version when unchanged). */
  entry(id: string): string | undefined {
    return this.entries.get(id);
  }

  /** The whole list as a changes answer (`full`). */
  full(): SerializedJson {
    this.whole ??= SerializedJson.ofText(
      `{"revision":"${this.revision}","full":true,"projects":${this.json.json.toString()}}`,
    );
    return this.whole;
  }

  /** What changed from `older` to this version, or the whole list when that is no smaller. */
  changesSince(older: PublicListVersion): SerializedJson {
    let answer = this.since.get(older.revision);
    if (answer === undefined) {
      answer = this.delta(older) ?? this.full();
      this.since.set(older.revision, answer);
    }
    return answer;
  }

  private delta(older: PublicListVersion): SerializedJson | undefined {
    const changed: string[] = [];
    let index = 0;
    for (const [id, json] of this.entries) {
      if (older.entry(id) !== json) changed.push(`{"index":${index},"project":${json}}`);
      index += 1;
    }
    const removed = [...older.entries.keys()].filter((id) => !this.entries.has(id));
    const text = `{"revision":"${this.revision}","full":false,"changed":[${changed.join(',')}],"removed":${JSON.stringify(removed)}}`;
    return text.length < this.json.json.length ? SerializedJson.ofText(text) : undefined;
  }
}

export class PublicListVersions {
  /** Oldest first; the last is the newest built. */
  private readonly versions: PublicListVersion[] = [];

  /** The version of `projects`, kept (the one already kept when the list is the same). */
  add(projects: readonly ProjectSummary[]): PublicListVersion {
    const latest = this.versions.at(-1);
    const entries = new Map<string, string>();
    for (const project of projects) {
      const json = JSON.stringify(project);
      // The previous version's string when equal: kept versions share their unchanged text.
      const previous = latest?.entry(project.id);
      entries.set(project.id, previous === json ? previous : json);
    }
    const version = new PublicListVersion(projects, entries);
    const known = this.versions.findIndex((kept) => kept.revision === version.revision);
    if (known !== -1) {
      // Back to a list seen before (an edit undone): the kept one has its answers cached.
      const [kept] = this.versions.splice(known, 1) as [PublicListVersion];
      this.versions.push(kept);
      return kept;
    }
    this.versions.push(version);
    if (this.versions.length > KEPT_VERSIONS) this.versions.shift();
    return version;
  }

  /** The answer for a screen holding `since` (absent: holding nothing) when `current` is the list. */
  changes(current: PublicListVersion, since: string | undefined): SerializedJson {
    const older = since === undefined ? undefined : this.versions.find((kept) => kept.revision === since);
    return older ? current.changesSince(older) : current.full();
  }
}
