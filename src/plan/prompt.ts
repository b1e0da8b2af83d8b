import { CrossoverError } from '../contracts/errors.js';

export interface PromptTask {
  id: string;
  title: string;
  prompt: string;
}

const PLACEHOLDER = /\{\{\s*([a-z.]+)\s*\}\}/g;

/**
 * What the agent receives: the committed template with `{{task.prompt}}` (required),
 * `{{task.title}}` and `{{task.id}}` filled in. Anything else in braces is refused, so a typo can
 * never send a literal placeholder to an agent.
 */
export function renderPrompt(template: string, task: PromptTask): string {
  const values: Record<string, string> = {
    'task.prompt': task.prompt.trimEnd(),
    'task.title': task.title,
    'task.id': task.id,
  };
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
  const unknown = names.filter((name) => !(name in values));
  if (unknown.length > 0) {
    throw new CrossoverError(
      'invalid-input',
      `prompt template: unknown placeholder {{${unknown[0]}}} (expected {{task.prompt}}, {{task.title}} or {{task.id}})`,
    );
  }
  if (!names.includes('task.prompt'))
    throw new CrossoverError(
      'invalid-input',
      "prompt template: expected {{task.prompt}}, where the task's prompt goes",
    );
  return template.replace(PLACEHOLDER, (_, name: string) => values[name] as string);
}
