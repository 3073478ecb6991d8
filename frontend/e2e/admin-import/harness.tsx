/** Mounts the upload screen alone, as the admin layout will, for the browser test. */
import { createRoot } from 'react-dom/client';
import { UploadScreen } from '../../src/features/admin-import/components/upload-screen.tsx';

createRoot(document.getElementById('root')!).render(<UploadScreen csrfToken="csrf-test-token" />);
