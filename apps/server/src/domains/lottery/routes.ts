import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { submitAddress, submitWaybill, updateAddress } from './address';
import { createLottery, listLotteries, lotteryEntrants, opsLottery, shipPrize } from './backstage';
import { drawLotteryNow, enterLottery, lotteryInfo } from './lottery';

/** The lottery domain (issue 17 point 1): info, entering, the winner's address, the host's waybill; the backstage's create, list, detail and ship. */
export function registerLotteryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const l = contract.lottery;
  registerEndpoint(app, deps, l.lotteryInfo, (query, { viewerId }) => lotteryInfo(db, viewerId, query));
  registerEndpoint(app, deps, l.enterLottery, ({ lotteryId }, { viewerId }) =>
    enterLottery(db, viewerId, lotteryId),
  );
  registerEndpoint(app, deps, l.addrSubmit, (input, { viewerId }) => submitAddress(db, viewerId, input));
  registerEndpoint(app, deps, l.addrUpdate, (input, { viewerId }) => updateAddress(db, viewerId, input));
  registerEndpoint(app, deps, l.waybillSubmit, (input, { viewerId }) => submitWaybill(db, viewerId, input));
  registerEndpoint(app, deps, l.createLottery, (input, { operator }) =>
    createLottery(db, operator, input, deps.jobs, app.log),
  );
  registerEndpoint(app, deps, l.lotteries, (input) => listLotteries(db, input));
  registerEndpoint(app, deps, l.lotteryDetail, ({ lotteryId }) => opsLottery(db, lotteryId));
  registerEndpoint(app, deps, l.lotteryEntrants, (input) => lotteryEntrants(db, input));
  registerEndpoint(app, deps, l.shipLotteryPrize, (input, { operator }) => shipPrize(db, operator, input));
  registerEndpoint(app, deps, l.drawLottery, ({ lotteryId }) => drawLotteryNow(db, lotteryId));
}
