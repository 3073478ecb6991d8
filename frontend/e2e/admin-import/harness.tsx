/** Mounts the upload screen alone, in the admin layout's main area and with its styles, for the browser test. */
import { createRoot } from 'react-dom/client';
import { UploadScreen } from '../../src/features/admin-import/components/upload-screen.tsx';
import '../../src/styles/global.css';
import '../../src/features/admin/admin.css';

createRoot(document.getElementById('root')!).render(<UploadScreen csrfToken="csrf-test-token" />);
