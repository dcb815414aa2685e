import { describe, expect, test } from 'vitest';
import { censusWarnings } from '../../../src/import/census';
import type { Census } from '../../../src/import/census';

const census = (toolCalls: number, unread: number): Census => ({
  toolCalls,
  byDialect: { agentdojo: toolCalls },
  unread: Array.from({ length: unread }, () => ({
    dialect: 'agentdojo',
    path: 'messages[*].tool_calls[*]',
    name: 'search',
  })),
});

describe('the census against the calls read', () => {
  test('as many calls read, all found: nothing to say', () => {
    expect(censusWarnings(census(2, 0), 2, 0)).toEqual([]);
  });

  test('as many calls read, but read without their names: said, with where', () => {
    expect(censusWarnings(census(2, 2), 2, 2)).toEqual([
      "2 of the 2 tool calls in the file were read without the name the file gives them (2 in AgentDojo `tool_calls` form under `messages[*].tool_calls[*]`): their signatures are not the file's.",
    ]);
  });

  test('an importer that names a call its own way has read it', () => {
    expect(censusWarnings(census(2, 2), 2, 0)).toEqual([]);
  });

  test('fewer calls read: the missing ones are named', () => {
    expect(censusWarnings(census(3, 1), 2)[0]).toBe(
      '1 of the 3 tool calls in the file were not read (1 in AgentDojo `tool_calls` form under `messages[*].tool_calls[*]`): the loop verdict does not see them.',
    );
  });

  test('more missing than the report lists: the counts are said to be of those listed', () => {
    expect(censusWarnings(census(40, 20), 5)[0]).toBe(
      '35 of the 40 tool calls in the file were not read (of the first 20, 20 in AgentDojo `tool_calls` form under `messages[*].tool_calls[*]`): the loop verdict does not see them.',
    );
  });
});
