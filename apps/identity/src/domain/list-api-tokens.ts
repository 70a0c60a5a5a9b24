import type { API_TOKEN_RPC, TApiTokenList } from '@ferry/contracts';
import { apiTokenJson } from './api-token.rules';
import type { IdentityDeps, RpcRequest } from './identity.deps';

export async function listApiTokens(deps: IdentityDeps, request: RpcRequest<typeof API_TOKEN_RPC.list>): Promise<TApiTokenList> {
  return { tokens: (await deps.store.listApiTokens(request.userId)).map(apiTokenJson) };
}
