// The merchant dashboard: a client of the merchant API (/api/v1/external), authenticated by the
// session cookie, plus the dashboard's own routes (/api/v1/dashboard). No build step and no
// framework: ES modules, one purpose each, and every value from the server is put in the page as
// text (never as HTML). This entry gives the router its pages: which path draws which.

import { signIn, signUp } from "./pages/account.js";
import { checklist } from "./pages/checklist.js";
import { deliveries } from "./pages/deliveries.js";
import { delivery } from "./pages/delivery.js";
import { importCsv } from "./pages/import.js";
import { integrations } from "./pages/integrations.js";
import { keys } from "./pages/keys.js";
import { newDelivery } from "./pages/new-delivery.js";
import { overview } from "./pages/overview.js";
import { webhooks } from "./pages/webhooks.js";
import { start } from "./router.js";

start({
  open: [
    [/^\/dashboard\/signup$/, signUp],
    [/^\/dashboard\/signin$/, signIn],
  ],
  signedIn: [
    [/^\/dashboard\/?$/, overview],
    [/^\/dashboard\/deliveries\/?$/, deliveries],
    [/^\/dashboard\/deliveries\/new$/, newDelivery],
    [/^\/dashboard\/deliveries\/import$/, importCsv],
    [/^\/dashboard\/deliveries\/([^/]+)$/, delivery],
    [/^\/dashboard\/keys$/, keys],
    [/^\/dashboard\/webhooks$/, webhooks],
    [/^\/dashboard\/integrations$/, integrations],
    [/^\/dashboard\/start$/, checklist],
  ],
});
