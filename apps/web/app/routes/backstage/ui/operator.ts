import type { OperatorBrief } from '@h5/contract';
import { useOutletContext } from 'react-router';

/** The operator of the backstage session, for a page under the backstage layout. */
export const useOperator = (): OperatorBrief => useOutletContext<OperatorBrief>();
