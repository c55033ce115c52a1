import {
  activeLicenseSchema,
  envelope,
  licenseListSchema,
  orderListQuery,
  orderListSchema,
  orderSchema,
  pageInfo,
  paymentRedirectSchema,
  paymentRequestSchema,
  paymentVerifyQuery,
  paymentVerifyResultSchema,
  planSchema,
  UPGRADE_PATH,
} from '@didban/core';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { findActiveLicense, listLicenses, presentLicense } from '../billing/licenses.js';
import { getPlanLimits, planUsage, setFreePlanLimits } from '../billing/limits.js';
import {
  createGateways,
  loadOrder,
  presentOrder,
  requestPayment,
  settleAbandonedOrders,
  verifyPayment,
} from '../billing/orders.js';
import { licenses, orders } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';

const idParams = z.object({ id: z.uuid() });

/**
 * Spec §7 licence calls (not under panel/): the catalogue, the caller's active licence, the
 * plan of the current workspace, buying through a provider, verifying on return, order history.
 */
export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  setFreePlanLimits(db, config.freePlan);
  const gateways = createGateways(config);

  return async (app) => {
    app.get(
      '/license/',
      {
        config: { access: 'public' },
        schema: {
          tags: ['billing'],
          summary: 'The licences on sale (Pro, Enterprise…)',
          response: { 200: envelope(licenseListSchema) },
        },
      },
      async () => ({ data: { results: (await listLicenses(db)).map((row) => presentLicense(row)) } }),
    );

    app.get(
      '/license/active-license/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['billing'],
          summary: 'My active licence, or null (the free plan)',
          response: { 200: envelope(activeLicenseSchema.nullable()) },
        },
      },
      async (request) => ({ data: await findActiveLicense(db, currentUser(request).id) }),
    );

    app.get(
      '/license/plan/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['billing'],
          summary: "The plan binding the current workspace (its owner's), its limits and current use",
          response: { 200: envelope(planSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const info = await getPlanLimits(db, workspaceId);
        const usage = {
          assets: await planUsage(db, workspaceId, 'assets'),
          scans: await planUsage(db, workspaceId, 'scans'),
          teams: await planUsage(db, workspaceId, 'teams', info.ownerId),
          team_members: await planUsage(db, workspaceId, 'team_members'),
        };
        return {
          data: {
            plan: info.plan,
            license: info.license,
            limits: info.limits,
            usage,
            upgrade_url: UPGRADE_PATH,
          },
        };
      },
    );

    app.post(
      '/license/payment/request/',
      {
        config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['billing'],
          summary: "Buy a licence: creates a pending order and answers the provider's payment page",
          body: paymentRequestSchema,
          response: { 201: envelope(paymentRedirectSchema) },
        },
      },
      async (request, reply) => {
        const data = await requestPayment(db, gateways, {
          userId: currentUser(request).id,
          licenseId: request.body.license_id,
          provider: request.body.provider,
          publicUrl: config.publicUrl,
        });
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/license/payment/verify/',
      {
        config: { access: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['billing'],
          summary:
            'Back from the provider (/vpl forwards its query): verify with the provider, activate the licence once',
          querystring: paymentVerifyQuery,
          response: { 200: envelope(paymentVerifyResultSchema) },
        },
      },
      async (request) => {
        const { order_id, ...query } = request.query;
        return {
          data: await verifyPayment(db, gateways, {
            userId: currentUser(request).id,
            orderId: order_id,
            query,
          }),
        };
      },
    );

    app.get(
      '/license/orders-history/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['billing'],
          summary: 'My orders (completed, pending, failed), newest first',
          querystring: orderListQuery,
          response: { 200: envelope(orderListSchema) },
        },
      },
      async (request) => {
        const { page, page_size, status } = request.query;
        await settleAbandonedOrders(db, gateways, currentUser(request).id, config.orderPendingMinutes);
        const where = and(
          eq(orders.user_id, currentUser(request).id),
          status ? eq(orders.status, status) : undefined,
        );
        const rows = await db
          .select({ order: orders, license: { id: licenses.id, title: licenses.title } })
          .from(orders)
          .innerJoin(licenses, eq(licenses.id, orders.license_id))
          .where(where)
          .orderBy(desc(orders.created_at), desc(orders.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        const [total] = await db.select({ n: count() }).from(orders).where(where);
        return {
          data: {
            results: rows.map((r) => presentOrder(r.order, r.license)),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );

    app.get(
      '/license/orders-history/:id/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['billing'],
          summary: 'One of my orders (the view action)',
          params: idParams,
          response: { 200: envelope(orderSchema) },
        },
      },
      async (request) => {
        await settleAbandonedOrders(db, gateways, currentUser(request).id, config.orderPendingMinutes);
        const row = await loadOrder(db, currentUser(request).id, request.params.id);
        return { data: presentOrder(row.order, { id: row.license.id, title: row.license.title }) };
      },
    );
  };
}
