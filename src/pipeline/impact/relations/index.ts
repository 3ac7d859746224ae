import { barrelNames } from './barrel-names.js';
import { collected } from './collected.js';
import { dispatch } from './dispatch.js';
import { handlerMap } from './handler-map.js';
import { indexEdges } from './index-edges.js';
import { loads } from './loads.js';
import { moduleNamespace } from './module-namespace.js';
import { moduleState } from './module-state.js';
import { namespaceValue } from './namespace-value.js';
import { nameOnly } from './name-only.js';
import type { DependencyRelation } from './relation.js';
import { reflection } from './reflection.js';
import { registered } from './registered.js';

export type { DependencyRelation } from './relation.js';

/**
 * The relations impact analysis follows, in the order their dependents are listed for a node. The
 * order matters where two relations lead to the same node with the same confidence: the traversal
 * keeps the first path found, so the more certain relation comes first (the index's own edges,
 * then dispatch, ..., then matches by name).
 */
export const RELATIONS: readonly DependencyRelation[] = [indexEdges, dispatch, reflection, moduleNamespace, handlerMap, registered, collected, nameOnly, barrelNames, namespaceValue, moduleState, loads];
