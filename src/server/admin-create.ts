// npm run admin:create -- --username <name> [--name "Full Name"] [--email a@b.c]
// Makes an administrator in the configured database (DATABASE_URL, else the embedded PGlite).
// The password is read from ADMIN_PASSWORD or typed at the terminal, never from an argument
// (arguments end up in shell history and in `ps`).
import { parseArgs } from 'node:util';
import { Password } from '../contract/sessions';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateDatabase } from './db/migrate';
import { createAdministrator } from './modules/users/users.service';

async function readHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) throw new Error('No terminal to read the password from: set ADMIN_PASSWORD');
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          return resolve(typed);
        }
        if (ch === '\u0003') return reject(new Error('Cancelled'));
        if (ch === '\u007f') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
    },
  });
  if (values.password)
    throw new Error('Never pass the password as an argument: set ADMIN_PASSWORD or type it when asked');
  if (!values.username)
    throw new Error('Usage: npm run admin:create -- --username <name> [--name …] [--email …]');
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    password = await readHidden('Password: ');
    if ((await readHidden('Repeat it: ')) !== password) throw new Error('The two passwords differ');
  }
  const checked = Password.safeParse(password);
  if (!checked.success) throw new Error(`Password: ${checked.error.issues[0].message}`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    await migrateDatabase(database.db);
    const admin = await createAdministrator(database.db, {
      username: values.username,
      name: values.name ?? values.username,
      email: values.email ?? config.SUPPORT_EMAIL,
      password,
    });
    console.log(`Administrator ${admin.userName} (id ${admin.userId}) created in ${admin.companyName}.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
