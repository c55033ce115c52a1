/**
 * The most used passwords of at least 6 characters (those shorter are refused by the length
 * rule anyway), from the published top lists (SecLists' 10-million-password top entries and the
 * UK NCSC's 100k list, their heads). Kept small on purpose: it ships in the panel's sign-up
 * chunk and the CLI; it stops the guesses an attacker tries first, not every weak password.
 * Compared case-insensitively.
 */
const LIST = `
123456 password 12345678 qwerty 123456789 1234567 1234567890 111111 123123 abc123 password1
iloveyou 000000 654321 666666 121212 112233 123321 987654321 555555 777777 7777777 11111111
12341234 123654 159753 147258 147258369 159357 456789 987654 789456 100200 123qwe 1q2w3e
1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx qazwsx qwerty1 qwerty123 qwertyuiop qwe123 asdfgh
asdfghjkl zxcvbn zxcvbnm 1qazxsw2 aaaaaa abcdef abcd1234 abc12345 a123456 123456a 123456q
password123 password12 passw0rd p@ssw0rd p@ssword pa55word letmein welcome welcome1 admin123
administrator changeme secret 696969 dragon monkey football baseball master shadow sunshine
princess superman batman trustno1 jennifer michael michelle jessica charlie jordan jordan23
hunter buster soccer harley andrew tigger robert thomas hockey ranger daniel starwars george
computer pepper freedom maggie ginger joshua cheese amanda summer ashley nicole chelsea biteme
matthew access yankees dallas austin thunder taylor matrix mustang killer internet service
whatever cookie flower lovely loveme iloveyou1 mylove babygirl anthony william richard
jasmine liverpool arsenal chocolate samsung google football1 qwerty12 q1w2e3r4 q1w2e3r4t5
1234qwer qwer1234 asdf1234 zxcv1234 test123 testtest 11223344 88888888 99999999 00000000
12345678910 123456789a 1234567a killer1 pokemon naruto minecraft letmein1 login123 root123
toor12 admin1 admin12 adminadmin guest123 user123 default
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** True when `password` is one of the bundled most common passwords (any letter case). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
