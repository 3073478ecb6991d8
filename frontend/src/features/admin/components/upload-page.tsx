import { useAtomValue } from 'jotai';
import { useRevalidator } from 'react-router-dom';
import { UploadScreen } from '../../admin-import/components/upload-screen.tsx';
import { adminSessionAtom } from '../atoms.ts';
import { PageHeader } from './page-header.tsx';

/** /admin/upload: the Excel upload screen inside the admin layout, with the session's CSRF token. */
export function UploadPage() {
  const session = useAtomValue(adminSessionAtom);
  const revalidator = useRevalidator();
  return (
    <>
      <PageHeader title="Excel Yükleme" />
      {/* The layout's loader sets the session before any screen renders; a missing one is a signed-out page. */}
      {session && <UploadScreen csrfToken={session.csrfToken} onFinished={() => void revalidator.revalidate()} />}
    </>
  );
}
