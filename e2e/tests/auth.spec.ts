import { DEMO_USER, expect, signIn, test, uniqueUser } from './fixtures';

test('register, sign in, see the avatar letter, sign out', async ({ page }) => {
  const user = uniqueUser('reg');
  await page.goto('/register');
  await expect(page).toHaveTitle('Register | Battledeck');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account successfully created!')).toBeVisible();

  await page.getByRole('link', { name: 'Continue to Login' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful!')).toBeVisible();

  const avatar = page.getByRole('button', { name: `Account menu for ${user.username}` });
  await expect(avatar).toHaveText(user.username.charAt(0));
  await avatar.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(avatar).toBeHidden();
});

test('registration shows the validation and conflict messages', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Field is required.')).toHaveCount(4);

  await page.getByLabel('Username').fill('short');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password').fill('abcdef');
  await page.getByLabel('Confirm Password').blur();
  await expect(page.getByText('Must be at least 6 characters.')).toHaveCount(2);

  const taken = uniqueUser('dup');
  await page.getByLabel('Username').fill('DEMO_USER');
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill(taken.password);
  await page.getByLabel('Confirm Password').fill(taken.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username already taken.');
});

// Issue 15 findings 5 and 8, in the browser: the form refuses a common password before sending, and the
// API refuses a look-alike of a taken name.
test('registration refuses a common password and a look-alike username', async ({ page }) => {
  const user = uniqueUser('common');
  let registrations = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/users')) registrations += 1;
  });
  await page.goto('/register');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByLabel('Confirm Password').fill('password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please choose a less common password.')).toBeVisible();
  expect(registrations).toBe(0);

  // 'demo_user' with a Cyrillic 'е' (U+0435): the same skeleton as the demo account's name.
  await page.getByLabel('Username').fill('d\u0435mo_user');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username already taken.');
});

test('a wrong password gets a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Incorrect password\.|Username or password incorrect\./);
});

test('a protected page sends visitors to sign in and back', async ({ page }) => {
  await page.goto('/profile/favorites');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/profile/favorites');
});

test('password reset confirms where the link went', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Click here' }).click();
  await expect(page).toHaveURL('/login/password-reset');
  // The URL changes before the lazy page has replaced the login form, whose Email field has the same label: a
  // fill then went into the login form and the reset form was sent empty (a retried run, 2026-11-29).
  const resetForm = page.getByRole('form', { name: 'Forgot Password?' });
  await resetForm.getByLabel('Email').fill(DEMO_USER.email);
  await resetForm.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Instruction to reset your password have been sent to:')).toBeVisible();
  await expect(page.getByText(DEMO_USER.email)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL('/login');
});

test('a sign-in page has loaded the pages it links to: following a link needs no more scripts', async ({ page }) => {
  // Text typed while the next page's chunk loaded went into the old form and was lost (the test above).
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.route('**/*.js', (route) => route.abort());
  await page.getByRole('link', { name: 'Click here' }).click();
  await expect(page.getByRole('form', { name: 'Forgot Password?' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await page.getByRole('link', { name: 'Sign up here' }).click();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Login here' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('signing in keeps the session across a reload', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/battlestations');
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
});

test('someone already signed in who opens /login directly goes home', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});

test('a visitor never signed in here gets no Firebase until the login page, and a station page without waiting for it', async ({ page }) => {
  // Firebase Auth creates this database when it starts: its absence shows Firebase never ran on the page.
  const firebaseStarted = () => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'firebaseLocalStorageDb'));
  await page.goto('/battlestations');
  const card = page.getByRole('list', { name: 'Battlestations' }).getByRole('link').first();
  await card.click();
  await expect(page).toHaveURL(/\/battlestations\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  // Past the idle start (1.5 s at most) that a visitor who may be signed in gets.
  await page.waitForTimeout(2500);
  expect(await firebaseStarted()).toBe(false);

  await page.getByRole('link', { name: 'Login' }).click();
  await expect.poll(firebaseStarted).toBe(true);
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
});
