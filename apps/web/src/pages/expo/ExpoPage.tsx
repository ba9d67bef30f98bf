import { Page } from '../../components/Page';

/** `/expo` and `/expo/:track`: the public list of projects and their tables. */
export function ExpoPage() {
  return <Page heading="Project Expo" />;
}
