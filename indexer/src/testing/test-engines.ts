/**
 * The engines a test suite runs against: `sqlite` always; `meilisearch` against MEILI_URL (and
 * MEILI_KEY) when set, otherwise in a Meilisearch container started with testcontainers when a
 * Docker engine is reachable, otherwise not at all (with why, for the suite to print).
 */
import { join } from 'node:path';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import type { SearchEngine } from '../engine.ts';
import { MeilisearchEngine } from '../meilisearch/meilisearch-engine.ts';
import { SqliteEngine } from '../sqlite/sqlite-engine.ts';

/** The version docker-compose.yml runs. */
const MEILI_IMAGE = 'getmeili/meilisearch:v1.18.0';
const CONTAINER_KEY = 'contract-suite-master-key';

export interface EngineFactory {
  name: string;
  isAvailable: boolean;
  /** A new, empty engine keeping its files (if any) in `dir`. */
  create(dir: string): SearchEngine;
}

export interface TestEngines {
  factories: EngineFactory[];
  /** "ran against: …": the engines that ran, and those that could not, with why. */
  summary(exercised: string[]): string;
  /** Stops the container, if one was started. */
  stop(): Promise<void>;
}

/** True when testcontainers finds a Docker (or compatible) engine; false for the one named "none found" case. */
async function isContainerRuntimeAvailable(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.includes('Could not find a working container runtime strategy')) return false;
    throw error;
  }
}

/** `meili` options are passed to every Meilisearch engine made (the contract suite pages its aggregates by 2). */
export async function testEngines(suite: string, meili: { aggregatePageSize?: number } = {}): Promise<TestEngines> {
  let container: StartedTestContainer | null = null;
  let why = 'MEILI_URL not set and no Docker engine for testcontainers';
  let url = process.env.MEILI_URL;
  let apiKey = process.env.MEILI_KEY;
  if (!url && (await isContainerRuntimeAvailable())) {
    container = await new GenericContainer(MEILI_IMAGE)
      .withEnvironment({ MEILI_MASTER_KEY: CONTAINER_KEY, MEILI_NO_ANALYTICS: 'true' })
      .withExposedPorts(7700)
      .withWaitStrategy(Wait.forHttp('/health', 7700))
      .start();
    url = `http://${container.getHost()}:${container.getMappedPort(7700)}`;
    apiKey = CONTAINER_KEY;
    why = `container ${MEILI_IMAGE}`;
  }
  const factories: EngineFactory[] = [
    { name: 'sqlite', isAvailable: true, create: (dir) => new SqliteEngine(join(dir, 'index')) },
    {
      name: 'meilisearch',
      isAvailable: Boolean(url),
      create: () => new MeilisearchEngine({ url: url!, apiKey, indexPrefix: `${suite}_${process.pid}_${Date.now()}`, ...meili }),
    },
  ];
  return {
    factories,
    summary: (exercised) => {
      const skipped = factories.filter((factory) => !factory.isAvailable).map((factory) => `${factory.name} (${why})`);
      return `ran against: ${exercised.join(', ') || 'none'}${skipped.length ? `; not run: ${skipped.join(', ')}` : ''}`;
    },
    stop: async () => {
      await container?.stop();
    },
  };
}
