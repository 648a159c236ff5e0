// RTK Query endpoints made from contract descriptors: the path, method and types come from the
// descriptor (Out, QueryOf, BodyOf), so an area's <area>.api.ts says only what differs: how its
// argument becomes the call, what it keeps of the answer, and its tags.
import type { ResultDescription } from '@reduxjs/toolkit/query';
import type { Endpoint } from '../../contract/common';
import type { ApiArgs, ApiFailure, ApiTag, api, BodyOf, Out, QueryOf } from './api';

type Builder = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

/** The call an argument makes: another endpoint of the same shape, params, query string, body, headers. */
type Input = Partial<ApiArgs>;

/** What the endpoint answers: what `transform` keeps, else the whole answer. */
type Kept<E extends Endpoint, Result> = [Result] extends [never] ? Out<E> : Result;

/** Tags provided or invalidated: a list, or a function of the result (when there is one) and the argument. */
type Tags<Result, Arg> = ResultDescription<ApiTag, Result, Arg, ApiFailure, unknown>;

interface Options<E extends Endpoint, Arg, Result> {
  /** How the argument becomes the call; without it a query's argument is its query string, a mutation's its body. */
  input?: (arg: Arg) => Input;
  /** What the endpoint keeps of the answer (`{ data }` → data); without it, the whole answer. */
  transform?: (answer: Out<E>, arg: Arg) => Result;
}

// The return types name Arg and Result through NoInfer: injectEndpoints expects `any`
// definitions, and without it TypeScript takes that `any` for an endpoint with no transform.
type QueryOfContract<E extends Endpoint, Arg, Result> = ReturnType<
  typeof contractQueryOf<E, NoInfer<Arg>, NoInfer<Result>>
>;
type MutationOfContract<E extends Endpoint, Arg, Result> = ReturnType<
  typeof contractMutationOf<E, NoInfer<Arg>, NoInfer<Result>>
>;

const transformed =
  <E extends Endpoint, Arg, Result>(transform: Options<E, Arg, Result>['transform']) =>
  (answer: unknown, _meta: unknown, arg: Arg) =>
    (transform ? transform(answer as Out<E>, arg) : answer) as Kept<E, Result>;

function contractQueryOf<E extends Endpoint, Arg, Result>(
  b: Builder,
  endpoint: E,
  options: Options<E, Arg, Result> & { provides?: Tags<Kept<E, Result>, Arg> },
) {
  return b.query<Kept<E, Result>, Arg>({
    query: (arg) => ({ endpoint, ...(options.input ? options.input(arg) : { query: arg }) }),
    transformResponse: transformed<E, Arg, Result>(options.transform),
    ...(options.provides && { providesTags: options.provides }),
  });
}

function contractMutationOf<E extends Endpoint, Arg, Result>(
  b: Builder,
  endpoint: E,
  options: Options<E, Arg, Result> & { invalidates?: Tags<Kept<E, Result>, Arg> },
) {
  return b.mutation<Kept<E, Result>, Arg>({
    query: (arg) => ({ endpoint, ...(options.input ? options.input(arg) : { body: arg }) }),
    transformResponse: transformed<E, Arg, Result>(options.transform),
    ...(options.invalidates && { invalidatesTags: options.invalidates }),
  });
}

/** A query of one contract endpoint, cached under `provides`. */
export const contractQuery = <E extends Endpoint, Arg = QueryOf<E>, Result = never>(
  b: Builder,
  endpoint: E,
  options: Options<E, Arg, Result> & { provides?: Tags<Kept<E, NoInfer<Result>>, NoInfer<Arg>> } = {},
): QueryOfContract<E, Arg, Result> => contractQueryOf(b, endpoint, options);

/** A mutation of one contract endpoint that invalidates `invalidates`. */
export const contractMutation = <E extends Endpoint, Arg = BodyOf<E>, Result = never>(
  b: Builder,
  endpoint: E,
  options: Options<E, Arg, Result> & { invalidates?: Tags<Kept<E, NoInfer<Result>>, NoInfer<Arg>> } = {},
): MutationOfContract<E, Arg, Result> => contractMutationOf(b, endpoint, options);

/** The input of an endpoint addressed by its id alone (`/:id`). */
export const byId = (id: number): Input => ({ params: { id } });
