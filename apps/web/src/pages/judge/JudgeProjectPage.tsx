import { Page } from '../../components/Page';

/** `/judge/project/:id`: a judged project, its notes and star. */
export function JudgeProjectPage() {
  return <Page heading="Project" back="/judge" />;
}
