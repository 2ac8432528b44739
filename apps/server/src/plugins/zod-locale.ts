import { config, locales } from 'zod';

// Users see the server's 400 messages (the field and its problem, `limit: 数值过大：期望 number
// <=40`), so they are Chinese like every message the server sends them (DESIGN.md §6): zod's own
// zh-CN locale, set once for the process by importing this module (app.ts does).
config(locales.zhCN());
