import { type BtcpayStandIn, startBtcpayStandIn } from './btcpay-stand-in.js';
import { createTestServer, type TestServer } from './test-server.js';
import { startZarinpalStandIn, type ZarinpalStandIn } from './zarinpal-stand-in.js';

export type BillingFixture = {
  server: TestServer;
  zarinpal: ZarinpalStandIn;
  btcpay: BtcpayStandIn;
  close(): Promise<void>;
};

/** A test server with both payment providers configured against their local stand-ins. */
export async function startBillingFixture(env: Record<string, string> = {}): Promise<BillingFixture> {
  const zarinpal = await startZarinpalStandIn({ merchantId: '1344b5d4-0048-11e8-94db-005056a205be' });
  const btcpay = await startBtcpayStandIn({ storeId: 'store-1', apiKey: 'btcpay-key-1' });
  const server = await createTestServer({
    ...zarinpal.env,
    ...btcpay.env,
    DIDBAN_PUBLIC_URL: 'http://panel.test',
    ...env,
  });
  return {
    server,
    zarinpal,
    btcpay,
    async close() {
      await server.close();
      await zarinpal.close();
      await btcpay.close();
    },
  };
}
