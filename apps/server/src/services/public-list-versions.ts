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
import { SerializedJson } from '../util/serialized-json.js';

/**
 * Versions kept per instance. The public list changes when the admin edits projects, a few times
 * a minute at most; a screen asks within seconds of each change (and polls every 30 s), so it
 * is rarely more than a couple of versions behind. Unchanged entries share their JSON text across
 * versions, and only the newest keeps its bodies, so each older version costs its ids and
 * pointers, not its text.
 */
const KEPT_VERSIONS = 64;

/** What is kept of a version to answer from it: its revision and each project's JSON text by id, in list order. */
interface KeptVersion {
  readonly revision: string;
  readonly entries: ReadonlyMap<string, string>;
}

/** The current version of the list, with its answers (only the newest keeps its bodies). */
export class PublicListVersion implements KeptVersion {
  /** The body of `GET /project/list/public`. */
  readonly json: SerializedJson;
  /** The hash of `json`: its ETag without the quotes. */
  readonly revision: string;
  private whole: SerializedJson | undefined;
  /** The answers to screens holding an earlier version, by that version's revision. */
  private readonly since = new Map<string, SerializedJson>();

  constructor(
    readonly projects: readonly ProjectSummary[],
    readonly entries: ReadonlyMap<string, string>,
  ) {
    this.json = SerializedJson.ofText(`[${[...entries.values()].join(',')}]`);
    this.revision = this.json.etag().slice(1, -1);
  }

  /** The whole list as a changes answer (`full`). */
  full(): SerializedJson {
    this.whole ??= SerializedJson.ofText(
      `{"revision":"${this.revision}","full":true,"projects":${this.json.json.toString()}}`,
    );
    return this.whole;
  }

  /** What changed from `older` to this version, or the whole list when that is no smaller. */
  changesSince(older: KeptVersion): SerializedJson {
    let answer = this.since.get(older.revision);
    if (answer === undefined) {
      answer = this.delta(older) ?? this.full();
      this.since.set(older.revision, answer);
    }
    return answer;
  }

  private delta(older: KeptVersion): SerializedJson | undefined {
    const changed: string[] = [];
    let index = 0;
    for (const [id, json] of this.entries) {
      if (older.entries.get(id) !== json) changed.push(`{"index":${index},"project":${json}}`);
      index += 1;
    }
    const removed = [...older.entries.keys()].filter((id) => !this.entries.has(id));
    const text = `{"revision":"${this.revision}","full":false,"changed":[${changed.join(',')}],"removed":${JSON.stringify(removed)}}`;
    return text.length < this.json.json.length ? SerializedJson.ofText(text) : undefined;
  }
}

export class PublicListVersions {
  /** Oldest first; the last is the newest built. Only their entries: no bodies. */
  private readonly kept: KeptVersion[] = [];
  private latest: PublicListVersion | undefined;

  /** The version of `projects`, kept (the newest one again when the list did not change). */
  add(projects: readonly ProjectSummary[]): PublicListVersion {
    const entries = new Map<string, string>();
    for (const project of projects) {
      const json = JSON.stringify(project);
      // The previous version's string when equal: kept versions share their unchanged text.
      const previous = this.latest?.entries.get(project.id);
      entries.set(project.id, previous === json ? previous : json);
    }
    const version = new PublicListVersion(projects, entries);
    // A write that changed nothing public (a project prioritized): the answers made stay.
    if (version.revision === this.latest?.revision) return this.latest;
    const known = this.kept.findIndex((kept) => kept.revision === version.revision);
    if (known !== -1) this.kept.splice(known, 1);
    this.kept.push({ revision: version.revision, entries });
    if (this.kept.length > KEPT_VERSIONS) this.kept.shift();
    this.latest = version;
    return version;
  }

  /** The answer for a screen holding `since` (absent: holding nothing) when `current` is the list. */
  changes(current: PublicListVersion, since: string | undefined): SerializedJson {
    const older = since === undefined ? undefined : this.kept.find((kept) => kept.revision === since);
    return older ? current.changesSince(older) : current.full();
  }
}
