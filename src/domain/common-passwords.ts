/**
 * Common and breached passwords, checked offline when a password is set, reset, changed or
 * created (docs/security.md, "Breached and common passwords"). Two compact lists, space separated:
 *
 * - `baseWords`: words that, with digits or symbols around them and simple letter swaps
 *   (0→o, @→a, 3→e, $→s, 1→i, 5→s, 7→t), make up most leaked passwords ("Password123!", "Dr@gon2024");
 * - `exactPasswords`: whole passwords of 8 or more characters that are no words (keyboard walks,
 *   digit runs).
 *
 * Only passwords of 8 or more characters reach this check (the contract's minimum), so the
 * lists hold what survives that minimum. Patterns cover the rest: one character repeated, a short
 * chunk repeated ("abcabcab", "12121212"), and digits alone shorter than 12.
 */
const baseWords = `
password passw0rd p@ssword p@ssw0rd pa55word qwerty qwertyuiop asdfghjkl zxcvbnm qwertz azerty
1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qaz2wsx3edc zaq12wsx zaq1zaq1 qazwsx qazwsxedc q1w2e3r4 q1w2e3r4t5
asdf1234 qwer1234 abcd1234 abc12345 abcdefgh abcdefg1 iloveyou letmein welcome admin
administrator monkey dragon football baseball basketball soccer hockey sunshine princess shadow
master superman batman spiderman trustno1 starwars pokemon computer internet michael jennifer
jessica jordan23 michelle charlie football1 baseball1 whatever freedom secret changeme default
guest login access hello hello123 helloworld welcome1 welcome123 letmein1 letmein123 mustang
corvette ferrari porsche mercedes chevrolet yamaha harley hunter ranger killer soccer1 summer
winter autumn spring january february august september october november december monday friday
sunday baby angel lovely loveme lover sweety flower butterfly cookie cheese chocolate pepper
ginger tigger buster bailey maggie shelby daniel thomas andrew joshua matthew robert william
anthony george nicole ashley amanda samantha elizabeth victoria natasha patrick richard charles
chelsea arsenal liverpool manchester barcelona juventus america canada mexico texas london
google facebook youtube twitter linkedin yahoo hotmail gmail samsung apple microsoft windows
linux ubuntu oracle master1 superstar rockstar iceman blink182 metallica nirvana eminem matrix
gandalf merlin phoenix thunder lightning diamond silver golden purple orange yellow banana
coffee money dollar million forever family friends trinity jesus christ blessed heaven qwerty123
password1 password12 password123 password1234 passwort motdepasse contraseña senha tread
treadshop tireshop tires demo test tester testing user root toor server system backup temp
temppass
`;

const exactPasswords = `
12345678 123456789 1234567890 0123456789 87654321 987654321 9876543210 11111111 00000000
12341234 11223344 12344321 123123123 123321123 147258369 159753159 159357852 741852963 963852741
123qweasd 123qweasdzxc qweasdzxc qweasd123 1234qwer 1234abcd a1b2c3d4 a1b2c3d4e5 aa123456
aaaaaaaa asdfasdf qwerasdf qwertyui asdfghjk zxcvbnm1 1234567a 123456789a 12345678a a12345678
a123456789 q1234567 qwe12345 abc123456 ab123456 1q2w3e4r5t6y zaq!2wsx !qaz2wsx 1qaz@wsx passpass
pass1234 pass12345 test1234 test12345 admin123 admin1234 admin12345 root1234 user1234 demo1234
login123 iloveyou1 iloveyou2 princess1 sunshine1 trustno11 starwars1 superman1 computer1
michael1 jordan123 charlie1 whatever1 freedom1 dragon123 monkey123 shadow123 master123
football123 baseball123 1234qwerasdf qwerty1234 qwerty12345 qwerty123456
`;

const words = new Set(baseWords.split(/\s+/).filter(Boolean));
const exact = new Set(exactPasswords.split(/\s+/).filter(Boolean));

const leet: Record<string, string> = {
  '0': 'o',
  '@': 'a',
  '3': 'e',
  $: 's',
  '1': 'i',
  '5': 's',
  '7': 't',
  '!': 'i',
};
const unleet = (s: string) => s.replace(/[0@3$157!]/g, (c) => leet[c] ?? c);

/** Whether a password is too common to accept: listed, a listed word dressed up, or a pattern. */
export function isCommonPassword(password: string): boolean {
  const p = password.trim().toLowerCase();
  if (exact.has(p) || words.has(p)) return true;
  if (/^(.{1,4})\1+.{0,3}$/.test(p)) return true;
  if (/^\d+$/.test(p) && p.length < 12) return true;
  // The word inside digits and symbols: "Password123!" → "password", "2024letmein" → "letmein".
  const base = p.replace(/^[^a-z@$]+|[^a-z@$]+$/g, '');
  if (!base) return false;
  return words.has(base) || words.has(unleet(base)) || words.has(unleet(p).replace(/^[^a-z]+|[^a-z]+$/g, ''));
}

export const commonPasswordMessage =
  'This password is too common or has appeared in breaches: choose another';
