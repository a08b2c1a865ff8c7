import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PaperbenchError } from '@paperbench/client';

/**
 * docs/mcp.md#errors: a refused call is an MCP tool error (`isError: true`) carrying the route's own message
 * (`{error, message}` of the contract's ZError), so the assistant can tell the user what to change.
 */
export class ToolFailure extends Error {}

/** A route's answer: its body when the status is one of `ok`, else a ToolFailure with the route's message. */
export function expectStatus<TAnswer extends { status: number; body: unknown }, TOk extends TAnswer['status']>(
  answer: TAnswer,
  ...ok: TOk[]
): Extract<TAnswer, { status: TOk }>['body'] {
  if ((ok as number[]).includes(answer.status)) return answer.body as Extract<TAnswer, { status: TOk }>['body'];
  throw new ToolFailure(messageOf(answer.status, answer.body));
}

/** The route's `message`, or its status when the body is not the contract's error shape. */
function messageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return `Paperbench answered ${status}`;
}

export const textResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });

const errorResult = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * Runs a tool's body: refusals become tool errors with the server's message; anything else (the server
 * unreachable) a tool error naming it, never a stack trace.
 */
export async function runTool(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ToolFailure) return errorResult(error.message);
    if (error instanceof PaperbenchError) return errorResult(messageOf(error.status, error.body));
    const reason = error instanceof Error ? error.message : String(error);
    return errorResult(`Paperbench could not be reached or failed: ${reason}`);
  }
}
