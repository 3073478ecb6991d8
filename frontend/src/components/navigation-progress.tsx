import { useNavigation } from 'react-router-dom';
import './navigation-progress.css';

/**
 * A thin bar across the top of the window while the next page loads in the browser (a link
 * followed, a form sent); it fades in after a moment so quick navigations do not flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading the page" aria-valuetext="Loading" />;
}
