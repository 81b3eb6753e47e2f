/**
 * The page's script of bench/post: the product's batch unpacker (workers/packed), for the `plane_packed` row, on the
 * page's global scope where the bench's evaluated code finds it.
 */
import { unpackBatch } from '../../workers/packed/index.ts';

Object.assign(globalThis, { benchProduct: { unpackBatch } });
