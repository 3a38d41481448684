// Going on to the queue's next item is a claim, so it is a POST to the queue's /next route (a
// same-origin form submission: the browser follows its redirect to the claimed item as a full
// navigation, exactly as the queues page's Start button does).
export function openNextQueueItem(projectId: string, queueId: string): void {
  const form = document.createElement("form");
  form.method = "post";
  form.action = `/api/projects/${encodeURIComponent(projectId)}/queues/${encodeURIComponent(queueId)}/next`;
  form.hidden = true;
  document.body.append(form);
  form.submit();
}
