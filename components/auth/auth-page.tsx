import Link from 'next/link';

/** The full-page home of the auth forms on smaller screens. */
export function AuthPage({ mode }: { mode: 'login' | 'signup' }) {
  const isLogin = mode === 'login';
  return (
    <section className="mx-auto w-full max-w-md flex-1 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{isLogin ? 'Log in' : 'Create your account'}</h1>
      <p className="mt-2 text-muted-foreground">
        {isLogin ? 'Welcome back. Log in to see your watchlists.' : 'Keep watchlists of the projects you follow, for free.'}
      </p>
      <div id="auth-form" className="mt-8" />
      <p className="mt-6 text-sm text-muted-foreground">
        {isLogin ? 'New here? ' : 'Already have an account? '}
        <Link href={isLogin ? '/auth/signup' : '/auth/login'} className="font-medium text-primary">
          {isLogin ? 'Sign up' : 'Log in'}
        </Link>
      </p>
    </section>
  );
}
