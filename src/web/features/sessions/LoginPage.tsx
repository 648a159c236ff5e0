import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { Logo } from '../../components/Logo';
import { Alert } from '../../components/plain/Alert';
import { Button } from '../../components/plain/Button';
import { PasswordField, TextField } from '../../components/plain/fields';
import css from './LoginPage.module.css';
import { login } from './session.slice';

/** Only same-site paths may be returned to after signing in. */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/';
}

interface Credentials {
  username: string;
  password: string;
}

/** What is missing, field by field: shown under the fields after a submit, cleared as they are typed in. */
function missing({ username, password }: Credentials): Partial<Credentials> {
  return {
    ...(username.trim() ? {} : { username: 'Enter your username' }),
    ...(password ? {} : { password: 'Enter your password' }),
  };
}

/**
 * The sign-in page: a light page, drawn without Mantine (components/plain; docs/performance-web.md,
 * "Light shell"), so that it is the first load's only code beside the frame.
 */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user, error } = useAppSelector((s) => s.session);
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Credentials>>({});
  const [submitting, setSubmitting] = useState(false);
  const next = safeNext(params.get('next'));
  if (user) return <Navigate to={next} replace />;

  const change = (field: keyof Credentials) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = missing(values);
    setErrors(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    const result = await dispatch(login(values));
    setSubmitting(false);
    if (login.fulfilled.match(result)) navigate(next, { replace: true });
    else if (result.payload?.code === 'mfa_required')
      navigate(`/login/mfa?next=${encodeURIComponent(next)}`, { replace: true });
  };

  return (
    <div className={css.page}>
      <div className={css.card}>
        <form onSubmit={submit} noValidate className={css.stack}>
          <div className={css.logo}>
            <Logo size={48} />
          </div>
          <h1 className={css.title}>Sign in to Tread</h1>
          {error && (
            <Alert role="alert" title="Could not sign in">
              {error}
            </Alert>
          )}
          <TextField
            label="Username"
            autoComplete="username"
            autoFocus
            value={values.username}
            onChange={change('username')}
            error={errors.username}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Sign in
          </Button>
          <p className={css.forgot}>
            <Link to="/reset">Forgot your password?</Link>
          </p>
        </form>
      </div>
    </div>
  );
}
