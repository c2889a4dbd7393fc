'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useRouter } from 'next/navigation';
import { useSession } from '@/components/auth/session';
import { useRef, useState } from 'react';

import { updateUsernameAction } from '@/actions/settings/update-username';
import { FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { UserAvatar } from '@/components/auth/user-avatar';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, sniffImageType } from '@/lib/avatar';
import { ClientError, http } from '@/lib/http';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';
import { avatarOwnerSchema, updateUsernameSchema } from '@/lib/schemas/settings';

import { SETTINGS_FORM_OPTIONS, SettingsField } from './settings-field';

export type ProfileProps = { email: string; username: string; image: string | null; avatarVersion: number | null };

/** Profile: the username (validated, unique) and the avatar picture (PNG, JPEG or WebP up to 1 MB). */
export function ProfileSection({ profile }: { profile: ProfileProps }) {
  const router = useRouter();
  const { update } = useSession();
  const [savedUsername, setSavedUsername] = useState(profile.username);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [avatarVersion, setAvatarVersion] = useState(profile.avatarVersion);
  const fileInput = useRef<HTMLInputElement>(null);

  const { form, handleSubmitWithAction } = useHookFormAction(updateUsernameAction, zodResolver(updateUsernameSchema), {
    formProps: { ...SETTINGS_FORM_OPTIONS, defaultValues: { username: profile.username } },
    actionProps: {
      async onSuccess({ data }) {
        form.reset({ username: data.username });
        setSavedUsername(data.username);
        toast.success(SETTINGS_MESSAGES.usernameSaved);
        // The session carries the username (header, avatar key). A body makes this a POST, which Auth.js hands to
        // the jwt callback as an update; the callback reads the new name from the database, not from this body.
        await update({});
        router.refresh();
      },
      onError({ error }) {
        if (error.serverError) form.setError('username', { message: error.serverError });
      },
    },
  });
  const saving = form.formState.isSubmitting;
  const username = form.watch('username');

  async function uploadAvatar(file: File | undefined) {
    if (!file || uploading) return;
    setAvatarError(null);
    // Checked here for a quick answer; the server checks the same again.
    if (file.size > AVATAR_MAX_BYTES) return setAvatarError(SETTINGS_MESSAGES.avatarTooLarge);
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (!sniffImageType(head)) return setAvatarError(SETTINGS_MESSAGES.avatarWrongType);
    setUploading(true);
    try {
      const saved = avatarOwnerSchema.parse(await http.upload('/api/user/avatar', file));
      setAvatarVersion(saved.avatarVersion);
      toast.success(SETTINGS_MESSAGES.avatarSaved);
      // The header's avatar reads the picture's version from the session: refresh it so it shows the new one.
      void update({});
    } catch (error) {
      // The server's own words for a refused picture (type, size, limit); anything else says it failed.
      setAvatarError(error instanceof ClientError ? error.message : SETTINGS_MESSAGES.avatarFailed);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <CardSection id="profile" title="Profile">
      <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <div className="grid justify-items-center gap-3">
          <span data-testid="profile-avatar">
            <UserAvatar user={{ email: profile.email, username: savedUsername, image: profile.image, avatarVersion }} size="large" />
          </span>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-label="Profile picture file"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => void uploadAvatar(event.target.files?.[0])}
          />
          <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? 'Uploading…' : 'Upload picture'}
          </Button>
          <p className="max-w-48 text-center text-xs text-muted-foreground">PNG, JPEG or WebP, up to 1 MB.</p>
        </div>
        <form onSubmit={handleSubmitWithAction} noValidate className="grid gap-3">
          <SettingsField form={form} name="username" label="Username" autoComplete="username" maxLength={64} />
          <p className="text-xs text-muted-foreground">3 to 30 characters: letters, digits, hyphens or underscores.</p>
          <div>
            <Button type="submit" disabled={saving || username.trim().toLowerCase() === savedUsername}>
              {saving ? 'Saving…' : 'Save username'}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">Email: {profile.email}</p>
        </form>
      </div>
      <div className="mt-3">
        <FormAlert message={avatarError} />
      </div>
    </CardSection>
  );
}
